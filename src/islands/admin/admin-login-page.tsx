/** /admin/login (docs/product.md#admin-sign-in): the sign-in screen; staff who are already signed in go on to /admin. */
import { useEffect } from 'react';
import { Loading } from '../ui/loading.tsx';
import { AdminFrame } from './admin-frame.tsx';

function ToDashboard() {
  useEffect(() => window.location.replace('/admin'), []);
  return <Loading />;
}

export default function AdminLoginPage() {
  return <AdminFrame>{() => <ToDashboard />}</AdminFrame>;
}
