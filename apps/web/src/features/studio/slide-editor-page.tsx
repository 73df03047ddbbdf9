import { DocumentEditorPage } from './document-editor.tsx';

/** /admin/library/slides/:id */
export default function SlideEditorPage() {
  return <DocumentEditorPage kind="slide" />;
}
