// Ejected: the stock one bundles twelve brand icons into every blog page; our authors use X and GitHub, others get the generic icon.
// The link is named by its title; the icon inside is decoration, hidden from assistive technology.
import type {ComponentType, ReactNode, SVGProps} from 'react';
import Link from '@docusaurus/Link';
import DefaultSocialIcon from '@theme/Icon/Socials/Default';
import GitHub from '@theme/Icon/Socials/GitHub';
import X from '@theme/Icon/Socials/X';
import type {Props} from '@theme/Blog/Components/Author/Socials';
import styles from './styles.module.css';

type Platform = {readonly Icon: ComponentType<SVGProps<SVGSVGElement>>; readonly label: string};

const platforms: Readonly<Record<string, Platform>> = {
  x: {Icon: X, label: 'X'},
  github: {Icon: GitHub, label: 'GitHub'},
};

function SocialLink({platform, link}: {platform: string; link: string}): ReactNode {
  const {Icon, label} = platforms[platform] ?? {Icon: DefaultSocialIcon, label: platform};
  return (
    <Link className={styles.authorSocialLink} href={link} title={label}>
      <Icon className={styles.authorSocialIcon} aria-hidden="true" />
    </Link>
  );
}

export default function BlogAuthorSocials({author}: Props): ReactNode {
  return (
    <div className={styles.authorSocials}>
      {Object.entries(author.socials ?? {}).map(([platform, link]) => (
        <SocialLink key={platform} platform={platform} link={link} />
      ))}
    </div>
  );
}
