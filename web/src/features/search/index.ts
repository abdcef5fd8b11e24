export { SearchPalette } from './components/search-palette';
