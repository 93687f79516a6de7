import { profileMessages } from '@paws/contracts/profile';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AvatarModal } from './avatar-modal';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 1024) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], 'me.png', { type: 'image/png' });
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function setup(linkFull: string | null = null) {
  const onClose = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  await renderWithProviders(<AvatarModal open onClose={onClose} linkFull={linkFull} />);
  return { user, onClose };
}

describe('AvatarModal', () => {
  it("opens on 'new' without an avatar and refuses other types and files over 10MB", async () => {
    mockApi({});
    const { user } = await setup();
    expect(screen.getByText('Drop your photo here')).toBeInTheDocument();
    await user.upload(screen.getByTestId('avatar-input'), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent(profileMessages.avatarType);
    await user.upload(screen.getByTestId('avatar-input'), png(10 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(profileMessages.avatarSize);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("a valid file moves to 'have'; Save uploads form field avatar and closes", async () => {
    const api = mockApi({
      'POST /profile/avatar': { status: 201, body: { linkFull: '/u/f.png', linkMinified: '/u/s.png' } },
    });
    const { user, onClose } = await setup();
    await user.upload(screen.getByTestId('avatar-input'), png());
    expect(await screen.findByRole('img', { name: 'Your new avatar' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.callsTo('POST', '/profile/avatar')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('avatar') as File).name).toBe('me.png');
  });

  it('a text file named .png is refused before any preview, with a message saying why (issue 31)', async () => {
    mockApi({});
    const { user } = await setup();
    const fake = new File(['just some notes, not a picture'], 'holiday.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('avatar-input'), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a JPEG or PNG image, whatever its name says. Please choose a photo',
    );
    expect(screen.queryByRole('img', { name: 'Your new avatar' })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // A real JPEG goes through.
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'me.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(screen.getByTestId('avatar-input'), jpeg);
    expect(await screen.findByRole('img', { name: 'Your new avatar' })).toBeInTheDocument();
  });

  it('accepts a dropped file', async () => {
    mockApi({});
    await setup();
    fireEvent.drop(screen.getByTestId('avatar-drop'), { dataTransfer: { files: [png()] } });
    expect(await screen.findByRole('img', { name: 'Your new avatar' })).toBeInTheDocument();
  });

  it("opens on 'have' with an existing avatar; Change photo returns to 'new'; Delete removes and closes", async () => {
    const api = mockApi({ 'DELETE /profile/avatar': { status: 204 } });
    const { user, onClose } = await setup('/uploads/full.png');
    expect(screen.getByRole('img', { name: 'Your new avatar' })).toHaveAttribute('src', '/uploads/full.png');
    await user.click(screen.getByRole('button', { name: 'Change photo' }));
    expect(screen.getByText('Drop your photo here')).toBeInTheDocument();
    await user.upload(screen.getByTestId('avatar-input'), png());
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('DELETE', '/profile/avatar')).toHaveLength(1);
  });
});
