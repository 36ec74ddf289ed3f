import { matchRoute } from '@tracker/shared/routes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useQuery } from '../../../lib/query.ts';
import { adminApi } from '../api.ts';
import { PostEditor } from '../blog/PostEditor.tsx';
import '../admin.css';
import '../../../styles/blog.css';
import { errorText } from '../../../lib/error-text.ts';

export default function AdminPostEditPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const id = Number(matchRoute(location)?.params.id);
  const { data: post, error } = useQuery(['admin', 'post', id], () => adminApi.post(id).then((r) => r.post));
  const failed = error !== null && !post ? errorText(error, t) : null;
  return (
    <Page name="adminPostEdit">
      {failed && (
        <p role="alert" className="form-alert">
          {failed}
        </p>
      )}
      {!post && !failed && <Loading />}
      {post && <PostEditor key={post.id} post={post} />}
    </Page>
  );
}
