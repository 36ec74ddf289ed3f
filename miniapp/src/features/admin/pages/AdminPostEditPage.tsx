import type { AdminPost } from '@tracker/shared/api/blog';
import { matchRoute } from '@tracker/shared/routes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { adminApi } from '../api.ts';
import { PostEditor } from '../blog/PostEditor.tsx';
import '../admin.css';
import '../../blog/blog.css';
import { errorText } from '../../../lib/error-text.ts';

export default function AdminPostEditPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const id = Number(matchRoute(location)?.params.id);
  const [post, setPost] = useState<AdminPost | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    setPost(null);
    adminApi.post(id).then((r) => setPost(r.post), (err: unknown) => setFailed(errorText(err, t)));
  }, [id, t]);
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
