import './fonts';
import './fontFallback.css';
import './themes.css';
import './global.css';

export { colorVars, shadow, vars } from './contract.css';
