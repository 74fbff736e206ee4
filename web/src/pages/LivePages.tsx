import type { Article, ArticlePage } from '@tradelog/schemas/portal/contentAnswers';
import { Redirect, useSearch } from 'wouter';
import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale, useSite } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { QrCode } from '../layout/QrCode.tsx';
import { Blocks, CardGridPage, Loaded, PageHero } from './common.tsx';

/**
 * §2 /courseLive, /courseLiveDetail and showRoom.html: the operator's courses and exhibits, kept
 * as articles of their own columns in the content file (query-api content README "Courses and
 * showroom") and read with §7's `newsList.do` and `articleDetails.do`. A course is joined by the
 * operator's course scan code (§1 "free course (a scan-code popup)"); an exhibit by the inquiry form.
 */
export const courseColumnId = 1003;
export const showroomColumnId = 1004;
const rows = 50;

function Empty() {
  const t = useDict();
  return <p className="loading">{t.live.none}</p>;
}

export function CourseLivePage() {
  const t = useDict();
  const locale = useLocale();
  const courses = useContent<ArticlePage>(calls.newsList(courseColumnId, 1, rows));
  return (
    <CardGridPage
      title={t.live.coursesTitle}
      lead={t.live.coursesLead}
      entry={courses}
      items={(page) => page.list}
      columns="three"
      keyOf={(course) => course.id}
      empty={<Empty />}
      card={(course) => (
        <>
          <p className="tag">
            <time dateTime={course.publishTime}>{course.publishTime}</time>
          </p>
          <h2>{course.title}</h2>
          <p>{course.summary}</p>
          <p className="meta">
            {t.live.speaker}: {course.author}
          </p>
          <SampleMark sample={course.sample} />
          <Link className="card-link" href={`${pathOf(locale, 'courseLiveDetail')}?id=${course.id}`}>
            {t.live.details} →
          </Link>
        </>
      )}
    />
  );
}

export function CourseLiveDetailPage() {
  const locale = useLocale();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  // §2 gives the detail route no id of its own: without one (or with a bad one) the list is where to choose.
  if (!Number.isInteger(id) || id <= 0) return <Redirect to={pathOf(locale, 'courseLive')} replace />;
  return <CourseDetail key={id} id={id} />;
}

function CourseDetail(props: { id: number }) {
  const t = useDict();
  const locale = useLocale();
  const course = useContent<Article>(calls.article(props.id));
  const scanCode = useSite()?.site.scanCodes?.course;
  return (
    <main id="main" className="page">
      <Loaded entry={course}>
        {(item) =>
          item.columnId !== courseColumnId ? (
            <Redirect to={pathOf(locale, 'courseLive')} replace />
          ) : (
            <>
              <PageHero title={item.title} lead={item.summary} />
              <div className="container two-columns">
                <article className="article">
                  <dl className="contact-list">
                    <dt>{t.live.date}</dt>
                    <dd>
                      <time dateTime={item.publishTime}>{item.publishTime}</time>
                    </dd>
                    <dt>{t.live.speaker}</dt>
                    <dd>{item.author}</dd>
                  </dl>
                  <Blocks blocks={item.body} />
                  <SampleMark sample={item.sample} />
                  <p>
                    <Link href={pathOf(locale, 'courseLive')}>← {t.live.allCourses}</Link>
                  </p>
                </article>
                <aside aria-label={t.live.join}>
                  {scanCode ? (
                    <>
                      <QrCode value={scanCode} label={t.live.join} />
                      <p>{t.live.join}</p>
                    </>
                  ) : (
                    <>
                      <p>{t.live.noScanCode}</p>
                      <Link className="btn btn-primary" href={pathOf(locale, 'form', 'contact')}>
                        {t.live.consult}
                      </Link>
                    </>
                  )}
                </aside>
              </div>
            </>
          )
        }
      </Loaded>
    </main>
  );
}

export function ShowRoomPage() {
  const t = useDict();
  const locale = useLocale();
  const exhibits = useContent<ArticlePage>(calls.newsList(showroomColumnId, 1, rows));
  return (
    <CardGridPage
      title={t.live.showroomTitle}
      lead={t.live.showroomLead}
      entry={exhibits}
      items={(page) => page.list}
      columns="three"
      keyOf={(exhibit) => exhibit.id}
      empty={<Empty />}
      card={(exhibit) => (
        <>
          <h2>{exhibit.title}</h2>
          <p>{exhibit.summary}</p>
          <p className="meta">
            {t.live.supplier}: {exhibit.author}
          </p>
          <SampleMark sample={exhibit.sample} />
          <Link className="card-link" href={pathOf(locale, 'form', 'inquiry')}>
            {t.live.inquire} →
          </Link>
        </>
      )}
    />
  );
}
