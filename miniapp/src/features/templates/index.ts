// What other features may use from templates: the calls, the list hook, the picker and the editor.
export { templatesApi } from './api.ts';
export { useTemplates } from './use-templates.ts';
export { TemplatePicker, TemplateSuggestions, TemplateSummary } from './components/TemplatePicker.tsx';
export { TemplatesEditor } from './components/TemplatesEditor.tsx';
