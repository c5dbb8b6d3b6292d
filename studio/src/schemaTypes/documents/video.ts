// A video on the video host, embedded by id through the privacy-enhanced player.
import { defineField, defineType } from 'sanity';
import { languageField } from '../objects/language.ts';
import { PlayIcon } from '@sanity/icons';

/** The host's video ids: 11 characters of letters, digits, "-" and "_". */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export const video = defineType({
  name: 'video',
  title: 'Video',
  type: 'document',
  icon: PlayIcon,
  fields: [
    languageField,
    defineField({
      name: 'title',
      type: 'string',
      title: 'Title',
      description: "Read out by screen readers as the player's name.",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'videoId',
      type: 'string',
      title: 'Video id',
      description: 'The 11 characters after "v=" in the video\'s address, e.g. dQw4w9WgXcQ.',
      validation: (rule) => rule.required().regex(VIDEO_ID_PATTERN, { name: 'video id' }),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'videoId' } },
});
