import { Page } from '../../../components/Page.tsx';
import { PostEditor } from '../blog/PostEditor.tsx';
import '../admin.css';
import '../../../styles/blog.css';

export default function AdminPostCreatePage() {
  return (
    <Page name="adminPostCreate">
      <PostEditor post={null} />
    </Page>
  );
}
