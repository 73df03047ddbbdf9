/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';

// The few line icons the client's page draws, inline (an icon library would outweigh the page).

function Icon({ size = 18, children }: { size?: number; children: ComponentChildren }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const ChevronLeft = () => (
  <Icon size={22}>
    <path d="M15 6l-6 6l6 6" />
  </Icon>
);
export const ChevronRight = () => (
  <Icon size={22}>
    <path d="M9 6l6 6l-6 6" />
  </Icon>
);
export const Close = () => (
  <Icon size={22}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Icon>
);
export const Download = () => (
  <Icon>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5l5-5M12 4v12" />
  </Icon>
);
export const Present = () => (
  <Icon>
    <path d="M3 4h18M4 4v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4M12 16v4M9 20h6M8 12l3-3l2 2l3-3" />
  </Icon>
);
export const Lock = () => (
  <Icon size={16}>
    <path d="M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM8 11V7a4 4 0 1 1 8 0v4" />
  </Icon>
);
export const Alert = () => (
  <Icon size={20}>
    <path d="M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM12 8v4M12 16h.01" />
  </Icon>
);
export const Eye = ({ isOff }: { isOff: boolean }) => (
  <Icon size={18}>
    <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0-4 0M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6" />
    {isOff && <path d="M3 3l18 18" />}
  </Icon>
);
