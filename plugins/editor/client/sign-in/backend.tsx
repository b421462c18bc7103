/**
 * Decap のバックエンド（GitHub と手元の decap-server）に、最初の画面で済ませたログイン（handover.ts）を渡す。
 * Decap がログインの画面を出すと、その画面がすぐに、受け取ったものでログインを始める（自分のボタンを押したときと
 * 同じ onLogin）。組むときに decap-parts.ts が、登録するバックエンドをこれで包む。
 */
import React, {useEffect, type ComponentType} from 'react';
import {takeHandedOverSignIn, type SignInCredentials} from './handover';

type AuthProps = {readonly onLogin: (credentials: SignInCredentials) => void};
type Backend = {authComponent(): ComponentType<AuthProps>};

// TypeScript の mixin は、コンストラクターの引数を any[] と書く決まり。
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BackendClass = new (...args: any[]) => Backend;

export function withHandedOverSignIn<Class extends BackendClass>(Base: Class): Class {
  return class HandedOver extends Base {
    override authComponent(): ComponentType<AuthProps> {
      const Page = super.authComponent();
      function HandedOverSignIn(props: AuthProps) {
        const {onLogin} = props;
        useEffect(() => {
          const credentials = takeHandedOverSignIn();
          if (credentials) onLogin(credentials);
        }, [onLogin]);
        return <Page {...props} />;
      }
      return HandedOverSignIn;
    }
  };
}
