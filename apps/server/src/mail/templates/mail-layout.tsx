/** @jsxRuntime automatic */
import type { CSSProperties, ReactNode } from 'react';
import type { ClientMailTexts } from './client-mail-texts.ts';
import { mailComponents } from './mail-components.ts';
import type { MailContext } from './mail-context.ts';

const ink = '#1f2933';
const muted = '#6b7280';
const plainLink = '#1c64c8';

/** Who the mail is from, in its last line: the product, and the company when there is one. */
export function senderLine({ productName, companyName }: MailContext) {
  return companyName ? `Sent by ${productName} for ${companyName}.` : `Sent by ${productName}.`;
}

/**
 * The frame of every mail: a header with the published brand's logo on its colour (the product's
 * name on white while no brand is published), the body, and the sender line. The header and the
 * rule are left out of the plain-text part, which reads as a letter.
 */
export function MailLayout({
  context,
  preview,
  language,
  children,
}: {
  context: MailContext;
  /** The line a mail program shows beside the subject. */
  preview: string;
  /** A client's mail in the deck's language (client-mail-texts.ts); absent: English. */
  language?: Pick<ClientMailTexts, 'lang' | 'direction' | 'senderLine'>;
  children: ReactNode;
}) {
  const { brand, productName, companyName } = context;
  const { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } = mailComponents();
  const header: CSSProperties = brand
    ? { backgroundColor: `#${brand.colors.primary}`, padding: '20px 32px' }
    : { padding: '20px 32px', borderBottom: '1px solid #e5e7eb' };
  return (
    <Html lang={language?.lang ?? 'en'} dir={language?.direction ?? 'ltr'}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', margin: '24px auto' }}>
          <Section style={header} data-skip-in-text="true">
            {brand?.logoUrl ? (
              <Img src={brand.logoUrl} alt={companyName ?? productName} height="36" />
            ) : (
              <Text
                style={{
                  margin: 0,
                  fontSize: '18px',
                  fontWeight: 700,
                  color: brand ? '#ffffff' : ink,
                }}
              >
                {productName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: '8px 32px', color: ink }}>{children}</Section>
          <Section style={{ padding: '0 32px' }} data-skip-in-text="true">
            <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          </Section>
          <Text style={{ padding: '0 32px', fontSize: '12px', color: muted }}>
            {language ? language.senderLine(productName, companyName) : senderLine(context)}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '24px', margin: '16px 0' };

/** A paragraph of the mail; in the plain-text part, one blank line sets it off. */
export function Paragraph({ children }: { children: ReactNode }) {
  const { Text } = mailComponents();
  return <Text style={paragraph}>{children}</Text>;
}

/** Lines kept together, one under the other (a person's note keeps its own line breaks). */
export function Lines({ lines }: { lines: readonly string[] }) {
  const { Text } = mailComponents();
  return (
    <Text style={paragraph}>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** A link that shows its own address, so the plain-text part holds it once and whole. */
export function UrlLink({ href, context }: { href: string; context: MailContext }) {
  const { Link } = mailComponents();
  const color = context.brand ? `#${context.brand.colors.accent}` : plainLink;
  return (
    <Link href={href} style={{ color, textDecoration: 'underline', wordBreak: 'break-all' }}>
      {href}
    </Link>
  );
}
