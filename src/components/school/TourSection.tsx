// "06 Tours": how to visit the school, with a 'Schedule a Tour' button to the district's scheduling
// page (absolute http(s) only; opens in a new tab).
import { IMAGE_WIDTHS } from '../../lib/images/image.ts';
import { safeHttpUrl } from '../../lib/links.ts';
import { TOUR_ID, TOUR_NUMBER, padNumber } from '../../lib/content/sections.ts';
import { fallbackLang } from '../../lib/content/localize.ts';
import type { School } from '../../lib/content/types.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { useImages } from '../useImages.ts';
import { Img } from '../Img.tsx';
import { RichText } from '../richtext/RichText.tsx';
import { altLang, imageAlt } from '../../lib/images/alt-text.ts';

export function TourSection({ school, title }: { school: School; title: string }) {
  const photo = useImages().width(school.tourImage, IMAGE_WIDTHS.photo);
  const link = safeHttpUrl(school.tourLink);
  const m = useMessages().school;
  const titleLang = fallbackLang(school, 'title');
  return (
    <section id={TOUR_ID} className="school-section tour-section" tabIndex={-1}>
      <div className="container">
        <h2 className="school-section__heading">
          <span className="school-section__num">{padNumber(TOUR_NUMBER)}</span> {m.tours}
        </h2>
        <div className={photo ? 'tour-section__layout tour-section__layout--photo' : 'tour-section__layout'}>
          <div className="tour-section__text">
            <h3 className="tour-section__title">
              {`${m.scheduleTourAt} `}
              {titleLang ? <span lang={titleLang}>{title}</span> : title}
            </h3>
            <RichText
              value={school.tourDescription}
              className="tour-section__description"
              lang={fallbackLang(school, 'tourDescription')}
            />
            {link ? (
              <a className="button tour-section__button" href={link} target="_blank" rel="noopener noreferrer">
                {m.scheduleTour}
                <span className="visually-hidden">{m.opensNewTab}</span>
              </a>
            ) : null}
          </div>
          {photo ? (
            <Img
              variant={photo}
              alt={imageAlt(school.tourImage)}
              lang={altLang(school.tourImage)}
              className="tour-section__photo"
              sizes="(min-width: 768px) 640px, 100vw"
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
