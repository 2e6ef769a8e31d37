import './fonts';
import './themes.css';
import './global.css';

export { colorVars, shadow, theme, vars } from './contract.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
