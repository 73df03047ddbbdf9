import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useProductName } from '../../lib/portal-config.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * /help: the portal's own short guide, what the dashboard's tutorial card opens unless the
 * installation points it at a video of its own (TUTORIAL_URL).
 */
export default function HelpPage() {
  const productName = useProductName();
  return (
    <PageShell actions={<BackToDashboardButton />}>
      <Stack gap="lg" maw={820}>
        <Stack gap={4}>
          <Title order={1}>How {productName} works</Title>
          <Text c="dimmed">
            From a client conversation to a priced proposal they can open from an e-mail, in four
            steps.
          </Text>
        </Stack>
        <Section id="help-build" title="1. Build a deck">
          <List type="ordered" spacing="xs">
            <List.Item>
              <b>Basic info</b>: the client, the date and a headline for the client. The deck title
              is for you only; the client never sees it.
            </List.Item>
            <List.Item>
              <b>Products</b>: tick what you propose, set quantities and, if you agreed one, your
              own unit price. Include pricing to get a pricing slide per product and a quote
              summary.
            </List.Item>
            <List.Item>
              <b>Customize</b>: pick the template slides by category, edit the pricing texts, and
              add custom slides from a layout (text and pictures).
            </List.Item>
            <List.Item>
              <b>Generate</b>: check the summary and generate. You get an editable PowerPoint, a PDF
              and a web view.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="sm">
            Your draft is kept in this browser as you go: you can leave and continue later from the
            dashboard.
          </Text>
        </Section>
        <Section id="help-change" title="2. Change it later">
          <Text size="sm">
            On a deck's page, <b>Modify</b> reopens its draft; generating again makes the next
            version of the same deck. Every version stays in the list with who made it and what
            changed, and can be opened, restored or duplicated for another client. Archive a deck
            you are done with: it leaves your recent decks but keeps its links working.
          </Text>
        </Section>
        <Section id="help-share" title="3. Share it">
          <List spacing="xs">
            <List.Item>
              <b>Colleagues</b>: share by e-mail with anyone who has a {productName} account; they
              open it signed in.
            </List.Item>
            <List.Item>
              <b>Clients</b>: create a client link for each person. It opens without an account; you
              can give it an expiry date and a passcode, allow or forbid the PDF, and revoke it at
              any time. A link shows the newest version unless you pin it to one.
            </List.Item>
          </List>
        </Section>
        <Section id="help-follow" title="4. Follow up">
          <Text size="sm">
            You are told when a client first opens a link. Each link's analytics show every visit
            and the time spent on each slide, by slide title, so you know what held their attention
            before you call.
          </Text>
        </Section>
        <Section id="help-approvals" title="Prices that need approval">
          <Text size="sm">
            Each role may price only so far below list: out of the box a sales rep up to 15% and a
            sales manager up to 30% (an administrator sets the limits on the Deal desk). A price
            past your limit is flagged as you type it, with who must approve it. You can still
            generate: the deck is a draft for internal review, its PDF and web view marked “Draft —
            pending approval”, and no client link can be made for it. Choose <b>Request approval</b>{' '}
            on the deck's page, with a note. It is decided on the Approvals page: by a sales
            manager, or by an administrator for a manager's deck and for a price past what a sales
            manager may give (past a manager's limit, under a product's floor, or past the deck's
            discount limit). Nobody decides prices they set or asked about. An approval makes a new
            version without the mark; a rejection comes with a comment. Changing the prices
            afterwards needs a new approval.
          </Text>
        </Section>
        <Section id="help-acceptance" title="Let the client accept">
          <Text size="sm">
            When you make a client link you can let the client accept the proposal on the page, and
            mark products as optional. The page then ends with <b>Accept proposal</b>: the priced
            summary (optional items ticked in or out), their name and title, the terms and “I
            accept”; or <b>Not now</b>, with a reason. You and the managers are told at once, and
            the client is mailed the PDF with a certificate of acceptance. An accepted deck is
            locked: <b>Duplicate to edit</b> makes a new deck from it. Acceptance records that
            someone with the link accepted, and when; it is not an electronic signature.
          </Text>
        </Section>
        <Section id="help-library" title="The content library (editors)">
          <Text size="sm">
            Content editors and administrators open <b>Content library</b> from the dashboard. The
            template slides, layouts, brand, categories and price book live there, not in code: edit
            a slide on its canvas (text, bindings such as the client's name or a product's price,
            pictures, tables, charts), import slides from a PowerPoint file, or add new ones. Edits
            go into a draft that reps do not see; <b>Publish</b> (with a note) makes the next
            numbered version, which every new deck is built from. Older versions can be restored,
            and <b>Discard changes</b> drops the draft.
          </Text>
        </Section>
        <Text size="sm">
          Ready?{' '}
          <Anchor component={Link} to={paths.dashboard}>
            Go to the dashboard
          </Anchor>{' '}
          and choose Get Started.
        </Text>
      </Stack>
    </PageShell>
  );
}
