/** @jsxImportSource preact */
import type { ClientLinkSender } from '@deck-portal/domain';
import { useState } from 'preact/hooks';
import { initials } from '../../../lib/initials.ts';
import { usePageLanguage } from '../page-language.ts';

/** The company's mark, drawn like the one on its slides: a tile, a frost star, a dot. */
function CompanyMark({ colors }: { colors: ClientLinkSender['companyColors'] }) {
  const arms = [90, 30, 150].map((degrees) => {
    const r = (degrees * Math.PI) / 180;
    const dx = Math.cos(r) * 9.6;
    const dy = Math.sin(r) * 9.6;
    return `M${16 - dx} ${16 - dy}L${16 + dx} ${16 + dy}`;
  });
  return (
    <svg width={32} height={32} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7.7" fill={`#${colors.accent}`} />
      <path d={arms.join('')} stroke="#fff" stroke-width="2.4" stroke-linecap="round" />
      <circle cx="16" cy="16" r="3.2" fill={`#${colors.highlight}`} />
    </svg>
  );
}

/**
 * The company's own logo, as its published brand has it and its slides draw it; the drawn mark
 * when it has none, or the picture does not load.
 */
function CompanyLogo({ sender }: { sender: ClientLinkSender }) {
  const [isBroken, setBroken] = useState(false);
  const { texts } = usePageLanguage();
  if (!sender.logoUrl || isBroken) return <CompanyMark colors={sender.companyColors} />;
  return (
    <img
      class="cv-logo"
      src={sender.logoUrl}
      alt={texts.logo(sender.companyName)}
      height={32}
      onError={() => setBroken(true)}
    />
  );
}

/** The rep's photo, or their initials when there is none or it does not load. */
function Avatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const [isBroken, setBroken] = useState(false);
  return (
    <span class="cv-avatar">
      {photoUrl && !isBroken ? (
        <img src={photoUrl} alt="" width={44} height={44} onError={() => setBroken(true)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}

/** Who the deck comes from: the company, and the rep with their photo and job title. */
export function SenderHeader({ sender }: { sender: ClientLinkSender }) {
  const { texts } = usePageLanguage();
  return (
    <header class="cv-sender">
      <div class="cv-row">
        <CompanyLogo sender={sender} />
        <span class="cv-company" style={{ color: `#${sender.companyColors.primary}` }}>
          {sender.companyName}
        </span>
      </div>
      <div class="cv-row" aria-label={texts.sentByName(sender.name)} role="group">
        <Avatar name={sender.name} photoUrl={sender.photoUrl} />
        <div class="cv-stack">
          <span class="cv-dimmed cv-xs">{texts.sentBy}</span>
          <span class="cv-strong">{sender.name}</span>
          {sender.jobTitle && <span class="cv-dimmed cv-xs">{sender.jobTitle}</span>}
        </div>
      </div>
    </header>
  );
}
