// Storybook stories for Avatar: image, initials fallback and a broken image falling back.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Avatar, AvatarFallback, AvatarImage } from "./avatar";

const meta = {
  title: "Components/Avatar",
  component: Avatar,
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

// An inline SVG keeps the story offline; real apps pass a URL.
const portrait = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4f46e5"/><circle cx="32" cy="26" r="12" fill="#c7d2fe"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#c7d2fe"/></svg>',
)}`;

export const WithImage: Story = {
  render: () => (
    <Avatar>
      <AvatarImage src={portrait} alt="Ada Lovelace" />
      <AvatarFallback name="Ada Lovelace" />
    </Avatar>
  ),
};

export const Initials: Story = {
  render: () => (
    <div className="flex gap-3">
      <Avatar>
        <AvatarFallback name="Grace Hopper" />
      </Avatar>
      <Avatar className="size-10">
        <AvatarFallback name="Alan Mathison Turing" />
      </Avatar>
      <Avatar className="size-12">
        <AvatarFallback name="Cher" />
      </Avatar>
    </div>
  ),
};

export const BrokenImage: Story = {
  render: () => (
    <Avatar>
      <AvatarImage src="data:image/png;base64,broken" alt="Katherine Johnson" />
      <AvatarFallback name="Katherine Johnson" />
    </Avatar>
  ),
};
