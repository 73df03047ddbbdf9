import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SlideViewer } from './slide-viewer.tsx';

const slides = [1, 2, 3].map((index) => ({
  index,
  url: `/slides/${index}.svg`,
  ...(index === 2
    ? {
        links: [
          {
            href: 'mailto:sales@example.com',
            text: 'write to us',
            x: 0.25,
            y: 0.5,
            w: 0.125,
            h: 0.05,
          },
        ],
      }
    : {}),
}));

function Harness({ onSlideChange }: { onSlideChange: (index: number) => void }) {
  const [isPresenting, setPresenting] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setPresenting(true)}>
        Present
      </button>
      <SlideViewer
        slides={slides}
        isPresenting={isPresenting}
        onPresentingChange={setPresenting}
        onSlideChange={onSlideChange}
      />
    </MantineProvider>
  );
}

describe('SlideViewer', () => {
  it('moves by buttons, keys and thumbnails, and reports each slide shown', async () => {
    const onSlideChange = vi.fn();
    render(<Harness onSlideChange={onSlideChange} />);
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Slide 1 of 3' })).toHaveAttribute(
      'src',
      '/slides/1.svg',
    );
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('Slide 2 of 3')).toBeVisible();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('Slide 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeDisabled();
    // The thumbnails are a list of buttons.
    const list = screen.getByRole('list', { name: 'Slides' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(list).getByRole('button', { name: 'Go to slide 1' }));
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    expect(onSlideChange.mock.calls.map(([index]) => index as number)).toEqual([0, 1, 2, 0]);
  });

  it("lays a slide's linked words over its picture, here and in present mode", async () => {
    render(<Harness onSlideChange={() => undefined} />);
    expect(screen.queryByRole('link', { name: 'write to us' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const link = screen.getByRole('link', { name: 'write to us' });
    expect(link).toHaveAttribute('href', 'mailto:sales@example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('title', 'sales@example.com');
    expect(link.style.left).toBe('25%');
    expect(link.style.height).toBe('5%');
    await userEvent.click(screen.getByRole('button', { name: 'Present' }));
    const presentation = screen.getByRole('dialog', { name: 'Presentation' });
    expect(within(presentation).getByRole('link', { name: 'write to us' })).toBeVisible();
  });

  it('presents the current slide full screen, moves with the keys and leaves with Escape', async () => {
    render(<Harness onSlideChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Present' }));
    const presentation = screen.getByRole('dialog', { name: 'Presentation' });
    await userEvent.keyboard('{ArrowRight}');
    expect(presentation.querySelector('img')).toHaveAttribute('alt', 'Slide 2 of 3');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Presentation' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Present' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exit presentation' }));
    expect(screen.queryByRole('dialog', { name: 'Presentation' })).toBeNull();
    expect(screen.getByText('Slide 2 of 3')).toBeVisible();
  });

  it('moves focus into present mode and back to the Present button when it closes', async () => {
    render(<Harness onSlideChange={() => undefined} />);
    const present = screen.getByRole('button', { name: 'Present' });
    await userEvent.click(present);
    const presentation = screen.getByRole('dialog', { name: 'Presentation' });
    expect(presentation).toHaveAttribute('aria-modal', 'true');
    expect(presentation).toContainElement(document.activeElement as HTMLElement);
    expect(presentation).toHaveAccessibleDescription(/Escape leaves the presentation/);
    await userEvent.keyboard('{Escape}');
    expect(present).toHaveFocus();
  });

  it('turns slides with a sideways swipe of a finger, not with a mouse drag', () => {
    render(<Harness onSlideChange={() => undefined} />);
    const stage = screen.getByRole('img', { name: 'Slide 1 of 3' }).closest('[style*="pan-y"]')!;
    const swipe = (fromX: number, toX: number, pointerType = 'touch') => {
      fireEvent.pointerDown(stage, { clientX: fromX, clientY: 100, pointerId: 1, pointerType });
      fireEvent.pointerUp(stage, { clientX: toX, clientY: 110, pointerId: 1, pointerType });
    };
    swipe(300, 120);
    expect(screen.getByText('Slide 2 of 3')).toBeVisible();
    swipe(120, 300);
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
    swipe(300, 280); // too short
    swipe(300, 120, 'mouse');
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
  });

  it('tells a touch screen to swipe, not to use arrow keys', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(<Harness onSlideChange={() => undefined} />);
    expect(screen.getByText(/Swipe left or right to move between slides/)).toBeVisible();
    expect(screen.queryByText(/arrow keys/)).toBeNull();
  });
});
