import { FgtsStepScreen } from './fgts-step-screen';

/** /buyer/fgts/tax: the income tax form of FGTS (docs/product/fgts.md "income_tax"). */
export default function FgtsTaxPage() {
  return <FgtsStepScreen stepKey="fgts_tax" />;
}
