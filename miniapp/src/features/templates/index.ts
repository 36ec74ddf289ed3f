// What the app shell uses from templates: the editor on a project's settings.
export { TemplatesEditor } from './components/TemplatesEditor.tsx';
