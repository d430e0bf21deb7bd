import type { ConfigProviderProps } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';

/**
 * antd draws some icons itself (an alert's status, a password's eye, a field's clear button) and
 * names each with its code name ("exclamation-circle"), which a screen reader reads aloud. The
 * same icons here, hidden from assistive technology: the control around each one has its name.
 */
export const COMPONENT_CONFIG = {
  alert: {
    successIcon: <CheckCircleFilled aria-hidden />,
    infoIcon: <InfoCircleFilled aria-hidden />,
    warningIcon: <ExclamationCircleFilled aria-hidden />,
    errorIcon: <CloseCircleFilled aria-hidden />,
  },
  inputPassword: {
    iconRender: (visible: boolean) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />),
  },
  select: { clearIcon: <CloseCircleFilled aria-label="Limpar" /> },
} satisfies Partial<ConfigProviderProps>;
