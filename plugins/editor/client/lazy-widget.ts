/**
 * Decap の欄を、その欄を初めて描くときに読み込む（issue 61: 記事の新しい欄までに読む JS を、開催事例の
 * フォームだけが使う欄（list、relation など）で増やさない。decap-parts.ts がどの欄をこれで登録するかを決める）。
 * Decap の Widget は、欄の部品の ref から isValid・getValidateValue・focus・shouldComponentUpdate を読む
 * （decap-cms-core の Widget.js）。包みはそれを持ち、読み込んだ部品に渡す（読み込む前は、確かめることが無い）。
 */
import {Component, createElement, lazy, Suspense, type ComponentType, type ReactNode} from 'react';

type WidgetModule = {
  readonly default: {
    Widget(): {controlComponent: ComponentType<never>; previewComponent: ComponentType<never>};
  };
};

type WidgetInstance = {
  isValid?: () => unknown;
  getValidateValue?: () => unknown;
  focus?: (path?: string) => void;
  shouldComponentUpdate?: (next: Record<string, unknown>) => boolean;
  getWrappedInstance?: () => WidgetInstance;
};

type Registry = {
  registerWidget(name: string, control: ComponentType<never>, preview: ComponentType<never>): void;
};

type Props = Record<string, unknown> & {readonly uniqueFieldId?: string};

export function registerLazyWidget(
  cms: Registry,
  name: string,
  load: () => Promise<WidgetModule>,
): void {
  const part = (key: 'controlComponent' | 'previewComponent') =>
    lazy(() =>
      load().then((module) => ({
        default: module.default.Widget()[key] as ComponentType<Props>,
      })),
    );
  const Control = part('controlComponent');
  const Preview = part('previewComponent');

  class LazyControl extends Component<Props> {
    private inner: WidgetInstance | null = null;

    private readonly setInner = (ref: WidgetInstance | null): void => {
      this.inner = ref?.getWrappedInstance ? ref.getWrappedInstance() : ref;
    };

    readonly isValid = (): unknown => this.inner?.isValid?.() ?? true;

    readonly getValidateValue = (): unknown => this.inner?.getValidateValue?.();

    focus(path?: string): void {
      if (this.inner?.focus) this.inner.focus(path);
      else if (this.props.uniqueFieldId) document.getElementById(this.props.uniqueFieldId)?.focus();
    }

    override shouldComponentUpdate(next: Props): boolean {
      return this.inner?.shouldComponentUpdate?.call(this.inner, next) ?? true;
    }

    override render(): ReactNode {
      return createElement(
        Suspense,
        {fallback: null},
        createElement(Control, {...this.props, ref: this.setInner} as Props),
      );
    }
  }

  const LazyPreview = (props: Props): ReactNode =>
    createElement(Suspense, {fallback: null}, createElement(Preview, props));

  cms.registerWidget(
    name,
    LazyControl as unknown as ComponentType<never>,
    LazyPreview as unknown as ComponentType<never>,
  );
}
