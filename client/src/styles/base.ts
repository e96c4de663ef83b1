// Site-wide base styles, evaluated after antd's stylesheet so equal-specificity rules win here.
import './global.css';
