import { Tag } from 'antd';
import { SECTION_STATUS_LABELS, type SectionStatus } from '@portal/domain/sections-registry';

const COLORS: Record<SectionStatus, string> = { todo: 'default', in_progress: 'gold', done: 'green', rejected: 'red' };

export function SectionStatusTag({ status, label }: { status: SectionStatus; label?: string }) {
  return <Tag color={COLORS[status]}>{label ?? SECTION_STATUS_LABELS[status]}</Tag>;
}
