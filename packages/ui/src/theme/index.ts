import './fonts';
import './themes.css';
import './global.css';

export { colorVars, shadow, vars } from './contract.css';
