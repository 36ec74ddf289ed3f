// What other features may use from templates: the calls, the list hook, the picker and the editor.
export { templatesApi } from '../../lib/api/templates.ts';
export { useTemplates } from '../../lib/use-templates.ts';
export { TemplatePicker, TemplateSuggestions, TemplateSummary } from '../../components/template/TemplatePicker.tsx';
export { TemplatesEditor } from './components/TemplatesEditor.tsx';
