// Random documents of the content model for the property tests: strings that mix unicode, markup,
// script and obfuscated link schemes, images with broken references, portable text with every style,
// mark and link, every block type, and whole schools, each field sometimes replaced by junk. A tag
// and an attribute no real markup uses (INJ_TAG, INJ_ATTR) show when injected markup got through.
import fc from 'fast-check';

/** A tag no real markup uses: if it ever appears as an element, injected markup got through. */
export const INJ_TAG = 'inj-el';
export const INJ_ATTR = 'inj-attr';

export const markup = fc.constantFrom(
  `<${INJ_TAG} ${INJ_ATTR}="1">x</${INJ_TAG}>`,
  `<script>window.__pwned=1</script>`,
  `</script><${INJ_TAG}>`,
  `"><${INJ_TAG} onmouseover="x">`,
  `'><img src=x onerror=alert(1) ${INJ_ATTR}>`,
  `<!--`,
  `-->`,
  `<![CDATA[`,
  `]]>`,
  `</textarea><${INJ_TAG}>`,
  `</title><${INJ_TAG}>`,
  `</style><${INJ_TAG}>`,
  `&lt;${INJ_TAG}&gt;`,
  `&amp;`,
  `&#60;${INJ_TAG}&#62;`,
  `\u2028`,
  `\u2029`,
  `\u0000`,
  `\ufeff`,
  `{{x}}`,
  `\${x}`,
  `\\u003c${INJ_TAG}`,
);
/** Any text an editor (or a broken integration) might type: unicode, markup, control characters. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }) },
  { weight: 2, arbitrary: markup },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 8, unit: 'binary' }), markup), { maxLength: 4 })
      .map((p) => p.join('')),
  },
);

/** javascript:/data:/vbscript: with random case, whitespace and control characters spliced in. */
export const obfuscatedScheme = fc
  .tuple(
    fc.constantFrom('javascript', 'data', 'vbscript'),
    fc.array(
      fc.constantFrom('', '', '', '\t', '\n', '\r', '\u0000', '\u0001', '\u001f', ' ', '\u200b', '\u00a0', '\ufeff'),
      { minLength: 12, maxLength: 12 },
    ),
    fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    fc.constantFrom('', ' ', '\t', '\u0000', '\u0008', '\n  ', '\ufeff'),
    fc.constantFrom(
      'alert(1)',
      'window.__pwned=1',
      'text/html,<script>alert(1)</script>',
      '//%0aalert(1)',
      'msgbox(1)',
    ),
  )
  .map(
    ([scheme, junk, upper, prefix, body]) =>
      `${prefix + [...scheme].map((c, i) => (upper[i] ? c.toUpperCase() : c) + junk[i]).join('')}:${body}`,
  );

export const url = fc.oneof(
  { weight: 4, arbitrary: obfuscatedScheme },
  { weight: 1, arbitrary: fc.webUrl() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/schools/x',
      '#academics',
      '//evil.example',
      '/\\evil.example',
      'https:evil',
      'mailto:a@b.c',
      'tel:123',
      '',
    ),
  },
  { weight: 1, arbitrary: text },
);

/** Wrong types anywhere: the content model says any field may be missing, null or odd. */
export const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.boolean(),
  text,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.constant(null), { maxLength: 2 }),
);
export const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: junk });

export const IMG_REFS = [
  'image-a1b2c3d4e5-480x320-jpg',
  'image-c3d4e5f6a7-240x240-jpg',
  'image-ffff-0x0-png',
  'image-x',
];
export const image = fc.record(
  {
    _type: fc.constant('image'),
    asset: maybe(
      fc.record({ _type: fc.constant('reference'), _ref: maybe(fc.oneof(fc.constantFrom(...IMG_REFS), text)) }),
    ),
    hotspot: maybe(
      fc.record({
        x: maybe(fc.double()),
        y: maybe(fc.double()),
        width: maybe(fc.double()),
        height: maybe(fc.double()),
      }),
    ),
    crop: maybe(
      fc.record({
        top: maybe(fc.double()),
        bottom: maybe(fc.double()),
        left: maybe(fc.double()),
        right: maybe(fc.double()),
      }),
    ),
  },
  { requiredKeys: ['_type'] },
);

export const DECORATORS = ['strong', 'em', 'code', 'underline', 'strike-through'];
export const block = fc
  .record({
    style: maybe(fc.oneof(fc.constantFrom('normal', 'h1', 'h2', 'h3', 'h4', 'blockquote'), text)),
    listItem: fc.option(fc.oneof(fc.constantFrom('bullet', 'number'), text), { nil: undefined }),
    level: fc.option(fc.oneof(fc.integer({ min: -3, max: 20 }), junk), { nil: undefined }),
    links: fc.array(url, { maxLength: 3 }),
    spans: fc.array(
      fc.record({
        text: maybe(text),
        marks: fc.array(fc.oneof(fc.constantFrom(...DECORATORS, 'l0', 'l1', 'l2'), text), { maxLength: 3 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ style, listItem, level, links, spans }) => ({
    _type: 'block',
    _key: 'k',
    style,
    ...(listItem === undefined ? {} : { listItem }),
    ...(level === undefined ? {} : { level }),
    markDefs: links.map((href, i) => ({ _type: 'link', _key: `l${i}`, href })),
    children: spans.map((s, i) => ({ _type: 'span', _key: `s${i}`, text: s.text, marks: s.marks })),
  }));
export const richText = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: block },
    { weight: 1, arbitrary: fc.record({ _type: text, _key: fc.string() }) },
    { weight: 1, arbitrary: junk },
  ),
  { maxLength: 4 },
);

export const quote = fc.record({
  quote: maybe(text),
  student: maybe(text),
  year: maybe(text),
  schoolTitle: maybe(text),
});
export const blockArb = fc.oneof(
  fc.record({ _type: fc.constant('content'), _key: fc.string(), columns: maybe(fc.boolean()), body: maybe(richText) }),
  image.map((img) => ({ ...img, _type: 'photo', _key: 'p' })),
  fc.record({
    _type: fc.constant('photos'),
    _key: fc.string(),
    photoReel: maybe(fc.array(maybe(image), { maxLength: 6 })),
  }),
  fc.record({
    _type: fc.constant('accordionSection'),
    _key: fc.string(),
    sectionTitle: maybe(text),
    columns: maybe(fc.boolean()),
    topPadding: maybe(fc.boolean()),
    accordions: maybe(
      fc.array(
        maybe(
          fc.record({
            _id: fc.string(),
            accordionTitle: maybe(text),
            defaultOpen: maybe(fc.boolean()),
            accordionContent: maybe(richText),
          }),
        ),
        { maxLength: 3 },
      ),
    ),
  }),
  fc.record({
    _type: fc.constant('videoTestimonial'),
    _key: fc.string(),
    testimonial: maybe(quote),
    video: maybe(
      fc.record({ title: maybe(text), videoId: maybe(fc.oneof(fc.constantFrom('dQw4w9WgXcQ', 'abc_DEF-123'), text)) }),
    ),
    backgroundImage: maybe(image),
  }),
  fc.record({
    _type: fc.constant('highlightSection'),
    _key: fc.string(),
    highlights: maybe(
      fc.array(
        maybe(
          fc.record({
            _id: fc.string(),
            title: maybe(text),
            description: maybe(richText),
            simpleDescription: maybe(text),
            image: maybe(image),
            imageUrl: maybe(url),
            link: maybe(url),
            href: maybe(url),
          }),
        ),
        { maxLength: 3 },
      ),
    ),
  }),
  fc.record({
    _type: fc.constant('tagList'),
    _key: fc.string(),
    tagCategory: maybe(fc.oneof(fc.constantFrom('arts', 'athletics', 'clubs'), text)),
    visualPerformingArtsTags: maybe(
      fc.array(maybe(fc.record({ _key: fc.string(), label: maybe(text) })), { maxLength: 3 }),
    ),
    athleticsTags: maybe(fc.array(maybe(fc.record({ _key: fc.string(), label: maybe(text) })), { maxLength: 3 })),
    clubsTags: maybe(fc.array(maybe(fc.record({ _key: fc.string(), label: maybe(text) })), { maxLength: 3 })),
  }),
  fc.record({ _type: text, _key: fc.string(), html: text }),
  junk,
);
export const section = fc.record({
  _key: fc.string(),
  _type: fc.constant('section'),
  title: maybe(text),
  href: maybe(fc.oneof(text, fc.constantFrom('tours', 'main', 'academics', 'x" onmouseover="alert(1)'))),
  blocks: maybe(fc.array(blockArb, { maxLength: 4 })),
});

export const slugArb = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/) },
  { weight: 1, arbitrary: fc.constantFrom('..', '../x', 'a/b', '%2e', 'é-ü-日本', 'x'.repeat(600), '<script>', '') },
  { weight: 1, arbitrary: junk },
);
export const colorArb = fc.oneof(
  fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
  fc.constantFrom(
    'red;}body{display:none',
    '#fff" onload="alert(1)',
    '#123456;background:url(javascript:alert(1))',
    ' #abcdef ',
  ),
  junk,
);

export const schoolArb = fc.record(
  {
    _id: fc.oneof(
      { weight: 9, arbitrary: fc.stringMatching(/^school-[a-z0-9]{1,8}$/) },
      { weight: 1, arbitrary: junk },
    ),
    _type: fc.constant('school'),
    title: maybe(text),
    subtitle: maybe(text),
    slug: slugArb,
    logo: maybe(image),
    staticLogo: maybe(url),
    image: maybe(image),
    staticImage: maybe(url),
    mainImage: maybe(image),
    isCharter: maybe(fc.boolean()),
    color: colorArb,
    location: maybe(fc.record({ lat: maybe(fc.double()), lng: maybe(fc.double()) })),
    featuredQuote: maybe(quote),
    twitter: maybe(fc.oneof(text, url, fc.constantFrom('@district', 'https://x.com/district'))),
    seoDescription: maybe(text),
    seoImage: maybe(image),
    showTourSection: maybe(fc.boolean()),
    tourTitle: maybe(text),
    tourDescription: maybe(richText),
    tourLink: maybe(url),
    tourImage: maybe(image),
    sectionRepeater: maybe(fc.array(maybe(section), { maxLength: 4 })),
  },
  { requiredKeys: ['_id', '_type', 'slug', 'color'] },
);
