import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's sections as tabs (Mantine's Tabs: a tablist named `label`, arrow keys move between tabs); only the
 * chosen section is drawn, under its tab.
 */
export function SectionTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as T)} keepMounted={false}>
      <Tabs.List aria-label={label} mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={tab.id}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.id} value={tab.id}>
          {tab.id === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
