import { App, Button } from 'antd';
import { ArrowLeftOutlined, HomeOutlined, LogoutOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { homeTarget, logoutTarget, type NavButton, type RouteDef } from '@portal/domain/routes';
import { insuranceBackAction, isInsurancePath } from '@portal/domain/insurance-navigation';
import { useClientStore } from '../lib/store';
import { endSession } from '../lib/logout';
import { Logo } from './logo';

const LABELS: Record<NavButton, string> = { back: 'Voltar', home: 'Início', logout: 'Sair' };
const ICONS: Record<NavButton, React.ReactNode> = {
  back: <ArrowLeftOutlined aria-hidden />,
  home: <HomeOutlined aria-hidden />,
  logout: <LogoutOutlined aria-hidden />,
};

/** The bar of docs/product/routes-and-guards.md: left slot, logo to /, help to /, right slot (back, home or logout). */
export function NavBar({ nav }: { nav: NonNullable<RouteDef['nav']> }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { modal } = App.useApp();
  const { showBack, showHome, set: setStore } = useClientStore();

  const visible = (button: NavButton | undefined) =>
    button === 'back' ? showBack : button === 'home' ? showHome : button === 'logout';

  /** Back: one page in history, except on the insurance pages (docs/product/routes-and-guards.md: ?buyer, then the question counter). */
  function goBack() {
    if (!isInsurancePath(pathname)) {
      void navigate(-1);
      return;
    }
    const action = insuranceBackAction({
      buyerParam: new URLSearchParams(search).get('buyer'),
      countQuestion: useClientStore.getState().countQuestion,
    });
    if (action.kind === 'navigate') void navigate(action.to);
    else if (action.kind === 'history') void navigate(-1);
    else setStore({ countQuestion: action.countQuestion });
  }

  function press(button: NavButton) {
    if (button === 'back') goBack();
    else if (button === 'home') navigate(homeTarget(pathname));
    else
      modal.confirm({
        title: 'Confirmar',
        content: 'Tem certeza de que deseja sair?',
        okText: 'SIM',
        cancelText: 'NÃO',
        icon: null,
        async onOk() {
          const target = logoutTarget(pathname);
          await endSession();
          navigate(target, { replace: true });
        },
      });
  }

  const slot = (button: NavButton | undefined) =>
    button && visible(button) ? (
      <Button
        type="text"
        className="nav-bar__button"
        icon={ICONS[button]}
        onClick={() => press(button)}
        aria-label={LABELS[button]}
      >
        <span className="nav-bar__label">{LABELS[button]}</span>
      </Button>
    ) : (
      <span className="nav-bar__spacer" />
    );

  return (
    <header className="nav-bar">
      <div className="nav-bar__slot">{slot(nav.left)}</div>
      <div className="nav-bar__center">
        <Logo inverted />
      </div>
      <div className="nav-bar__slot nav-bar__slot--right">
        <Button
          type="text"
          className="nav-bar__button"
          icon={<QuestionCircleOutlined aria-hidden />}
          onClick={() => navigate('/')}
          aria-label="Ajuda"
        />
        {slot(nav.right)}
      </div>
    </header>
  );
}
