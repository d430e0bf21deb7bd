import { Tag } from 'antd';
import { SECTION_STATUS_LABELS, type SectionStatus } from '@portal/domain/sections-registry';

const COLORS: Record<SectionStatus, string> = { todo: 'default', in_progress: 'gold', done: 'green', rejected: 'red' };

export function SectionStatusTag({ status }: { status: SectionStatus }) {
  return <Tag color={COLORS[status]}>{SECTION_STATUS_LABELS[status]}</Tag>;
}
