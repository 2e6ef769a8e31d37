import './themes.css';
import './global.css';

export { colorVars, shadow, vars } from './contract.css';
export { themeProperties, themeStylesheet, type CustomTheme } from './customTheme';
