// The one import of antd-mobile's Toast for lib/toast.ts, so its chunk holds Toast only.
export { Toast } from 'antd-mobile';
