import { DocumentEditorPage } from './document-editor.tsx';

/** /admin/library/layouts/:id */
export default function LayoutEditorPage() {
  return <DocumentEditorPage kind="layout" />;
}
