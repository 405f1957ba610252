import DefaultTheme from 'vitepress/theme'
import './contrast.css'

// VitePress's default theme, with colours that meet WCAG 2.1 AA (see contrast.css).
export default DefaultTheme
