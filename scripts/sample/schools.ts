// The fictional district's schools as plain facts and copy: the sample generator turns these into
// content-model documents. Kept apart from the builder so the words can be edited like content.
// Cedar Valley Public Schools is fictional: addresses use 555-01xx phone numbers and the reserved
// .example domain so no link in the sample can ever reach a real organisation.
import type { Emblem } from './images.ts';

export const DISTRICT = {
  name: 'Cedar Valley Public Schools',
  short: 'CVPS',
  site: 'https://www.cedarvalleyschools.example',
  city: 'Cedar Valley',
  state: 'CO',
};

export type SectionKind = 'academics' | 'arts' | 'athletics' | 'student-life' | 'about' | 'outdoor-lab';

export interface QuoteFacts {
  quote: string;
  student: string;
  year: string;
}

export interface SchoolFacts {
  key: string;
  title: string;
  subtitle: string;
  slug: string;
  color: string;
  emblem: Emblem;
  mascot: string;
  principal: string;
  address: string;
  phone: string;
  email: string;
  location: { lat: number; lng: number } | null;
  isCharter: boolean;
  twitter: string | null;
  grades: string;
  enrollment: number;
  seoDescription: string;
  intro: string;
  academics: string;
  arts: string;
  athletics: string;
  life: string;
  sections: SectionKind[];
  artsTags: string[];
  athleticsTags: string[];
  clubsTags: string[];
  quotes: [QuoteFacts, QuoteFacts];
  videoTitle: string;
  tourTitle: string;
  tourText: string;
}

export const SECTION_TITLES: Record<SectionKind, string> = {
  academics: 'Academics',
  arts: 'Visual & Performing Arts',
  athletics: 'Athletics',
  'student-life': 'Student Life',
  about: 'About Us',
  'outdoor-lab': 'Outdoor Lab',
};

export const SCHOOLS: SchoolFacts[] = [
  {
    key: 'lincoln',
    title: 'Lincoln Middle School',
    subtitle: 'Home of the Lions since 1962',
    slug: 'lincoln-middle',
    color: '#1f4e79',
    emblem: 'shield',
    mascot: 'Lions',
    principal: 'Dr. Angela Ruiz',
    address: '1200 Lincoln Avenue\nCedar Valley, CO 80210',
    phone: '+1-303-555-0142',
    email: 'lincoln',
    location: { lat: 39.7392, lng: -104.9731 },
    isCharter: false,
    twitter: '@LincolnLionsCV',
    grades: '6–8',
    enrollment: 812,
    seoDescription:
      'Lincoln Middle School offers advanced academics, world languages and a full arts program in the heart of Cedar Valley, grades 6 through 8.',
    intro:
      'Lincoln is the oldest middle school in Cedar Valley and one of the most diverse, with families from more than thirty countries.',
    academics:
      'Every Lincoln student takes a world language, and eighth graders can earn high school credit in Spanish, French or Mandarin.',
    arts: 'Our orchestra has played at the state conference four years running, and the spring musical fills the auditorium three nights in a row.',
    athletics:
      'Lions compete in the Metro Middle School League in eight sports, with no-cut teams in cross country and track.',
    life: 'Advisory groups of fifteen students meet every morning with the same teacher for all three years.',
    sections: ['academics', 'arts', 'athletics', 'student-life', 'about'],
    artsTags: ['Orchestra', 'Concert Band', 'Choir', 'Theatre', 'Ceramics', 'Digital Photography'],
    athleticsTags: [
      'Cross Country',
      'Volleyball',
      'Flag Football',
      'Basketball',
      'Wrestling',
      'Track & Field',
      'Soccer',
    ],
    clubsTags: ['Model UN', 'Robotics', 'Yearbook', 'Chess Club', 'Student Council', 'Garden Club'],
    quotes: [
      {
        quote:
          'At Lincoln I found out I love debating. My advisory teacher pushed me to try Model UN and now I chair the committee.',
        student: 'Maya R.',
        year: '8th grade',
      },
      {
        quote: 'I came here not speaking much English. Two years later I am helping new students find their classes.',
        student: 'Daniel O.',
        year: 'Class of 2027',
      },
    ],
    videoTitle: 'A morning in the Lincoln orchestra room',
    tourTitle: 'Visit Lincoln',
    tourText:
      'Tours run **every Tuesday and Thursday at 9:00 a.m.** from October through February. You will sit in on a class, meet our counselors and see the new library.',
  },
  {
    key: 'aspen-ridge',
    title: 'Aspen Ridge Middle School',
    subtitle: 'Outdoor science and STEM on a 40-acre campus',
    slug: 'aspen-ridge',
    color: '#2d5a27',
    emblem: 'mountain',
    mascot: 'Eagles',
    principal: 'Mr. Thomas Whitfield',
    address: '7750 Ridge Road\nCedar Valley, CO 80127',
    phone: '+1-303-555-0167',
    email: 'aspenridge',
    location: { lat: 39.6051, lng: -105.0911 },
    isCharter: false,
    twitter: 'https://twitter.com/AspenRidgeEagles',
    grades: '6–8',
    enrollment: 944,
    seoDescription:
      'Aspen Ridge Middle School pairs STEM coursework with a 40-acre outdoor lab, wetlands study and an award-winning robotics program for grades 6–8.',
    intro:
      'Aspen Ridge sits on forty acres at the edge of the foothills, with a wetland, a weather station and a greenhouse that students run themselves.',
    academics:
      'Science classes spend one day a week outdoors, collecting real data that feeds into projects with the state parks department.',
    arts: 'The art studio looks out over the ridge, and landscape painting is a seventh-grade tradition.',
    athletics: 'Our mountain biking club is the only one in the district, alongside a full slate of league sports.',
    life: 'Every sixth grader spends three days at outdoor education camp in the fall.',
    sections: ['academics', 'outdoor-lab', 'arts', 'athletics', 'student-life', 'about'],
    artsTags: ['Landscape Painting', 'Jazz Band', 'Choir', 'Film Club', 'Sculpture'],
    athleticsTags: ['Mountain Biking', 'Cross Country', 'Soccer', 'Basketball', 'Track & Field', 'Ultimate Frisbee'],
    clubsTags: ['Robotics', 'Green Team', 'Science Olympiad', 'Hiking Club', 'Coding Club'],
    quotes: [
      {
        quote:
          'We tested the creek every week for a whole year and our data went to the state. That felt like real science.',
        student: 'Owen P.',
        year: '7th grade',
      },
      {
        quote:
          'Camp in sixth grade is where I made my best friends. Nobody knew each other and by the last night we were a team.',
        student: 'Lucia M.',
        year: '8th grade',
      },
    ],
    videoTitle: 'Aspen Ridge robotics at the state qualifier',
    tourTitle: 'Walk the Ridge With Us',
    tourText:
      'Tours include a walk to the outdoor lab, so *wear comfortable shoes*. Family tours are held the first Saturday of each month.',
  },
  {
    key: 'cottonwood',
    title: 'Cottonwood Middle School',
    subtitle: 'A small school with a big heart',
    slug: 'cottonwood',
    color: '#8a4b08',
    emblem: 'leaf',
    mascot: 'Coyotes',
    principal: 'Ms. Renee Castillo',
    address: '415 Cottonwood Lane\nCedar Valley, CO 80221',
    phone: '+1-303-555-0118',
    email: 'cottonwood',
    location: null,
    isCharter: false,
    twitter: '@CottonwoodMS',
    grades: '6–8',
    enrollment: 386,
    seoDescription:
      'Cottonwood Middle School is a close-knit school of under 400 students where every teacher knows every name, with strong literacy and arts programs.',
    intro:
      'With fewer than four hundred students, Cottonwood is the smallest middle school in the district, and every adult in the building knows every student by name.',
    academics: 'Our literacy program pairs every student with a reading mentor, and class sizes average twenty-two.',
    arts: 'Student murals cover the hallways, and the spring art walk is open to the whole neighborhood.',
    athletics:
      'Cottonwood shares a league with two other small schools, so every student who wants to play gets real minutes.',
    life: 'Lunch clubs meet every day, from board games to a student-run podcast.',
    sections: ['academics', 'arts', 'student-life', 'about'],
    artsTags: ['Mural Art', 'Guitar', 'Choir', 'Drama', 'Printmaking'],
    athleticsTags: ['Volleyball', 'Basketball', 'Track & Field'],
    clubsTags: ['Podcast Club', 'Board Games', 'Kindness Crew', 'Book Club'],
    quotes: [
      {
        quote: 'Everybody knows you here. When I had a hard week my teachers noticed before I even said anything.',
        student: 'Isabella T.',
        year: '8th grade',
      },
      {
        quote: 'I started the podcast club with two friends and now we interview a teacher every week.',
        student: 'Marcus L.',
        year: '7th grade',
      },
    ],
    videoTitle: 'Cottonwood art walk 2025',
    tourTitle: 'Come Say Hello',
    tourText:
      'Our office staff is happy to show you around any school day between 9:30 and 2:00. No appointment is needed, but calling ahead helps.',
  },
  {
    key: 'harmon-park',
    title: 'Harmon Park Middle School',
    subtitle: 'Performing and visual arts magnet',
    slug: 'harmon-park',
    color: 'red',
    emblem: 'star',
    mascot: 'Hawks',
    principal: 'Mr. Julian Brooks',
    address: '2301 Harmon Parkway\nCedar Valley, CO 80219',
    phone: '+1-303-555-0173',
    email: 'harmonpark',
    location: { lat: 39.6963, lng: -105.0207 },
    isCharter: false,
    twitter: '@HarmonParkArts',
    grades: '6–8',
    enrollment: 701,
    seoDescription:
      'Harmon Park is the district’s arts magnet middle school: daily studio and rehearsal time in dance, theatre, music and visual art alongside core academics.',
    intro:
      'Harmon Park is the district’s arts magnet: students choose a major in dance, theatre, instrumental music, vocal music or visual art.',
    academics:
      'Core classes use a block schedule so that every student has a ninety-minute arts major period every day.',
    arts: 'Our black box theatre stages six productions a year, and the dance company performs at the Cedar Valley Arts Festival.',
    athletics:
      'Harmon Park students play league sports at nearby Lincoln through the district’s shared athletics agreement.',
    life: 'Lunchtime open mic on Fridays is the most popular seat in the building.',
    sections: ['arts', 'academics', 'student-life', 'about'],
    artsTags: [
      'Dance Company',
      'Musical Theatre',
      'Symphonic Band',
      'Chamber Choir',
      'Painting & Drawing',
      'Stagecraft',
      'Mariachi',
    ],
    athleticsTags: ['Basketball', 'Soccer'],
    clubsTags: ['Open Mic', 'Art Club', 'Student Council', 'Literary Magazine'],
    quotes: [
      {
        quote: 'I get to dance every single day. I did not know school could feel like this.',
        student: 'Aaliyah W.',
        year: '7th grade',
      },
      {
        quote: 'Building the set for the fall play taught me more geometry than any worksheet.',
        student: 'Ethan K.',
        year: 'Class of 2026',
      },
    ],
    videoTitle: 'Harmon Park dance company: winter showcase',
    tourTitle: 'See a Rehearsal',
    tourText:
      'Prospective families can watch a rehearsal in the major of their choice. Audition information is shared at every tour.',
  },
  {
    key: 'meridian',
    title: 'Meridian STEM Charter Academy',
    subtitle: 'Engineering, computer science and design, grades 6–8',
    slug: 'meridian-stem',
    color: '#4b2e83',
    emblem: 'atom',
    mascot: 'Mustangs',
    principal: 'Dr. Priya Natarajan',
    address: '9800 Meridian Boulevard\nCedar Valley, CO 80112',
    phone: '+1-303-555-0191',
    email: 'meridian',
    location: { lat: 39.5732, lng: -104.8769 },
    isCharter: true,
    twitter: '@MeridianSTEM',
    grades: '6–8',
    enrollment: 540,
    seoDescription:
      'Meridian STEM Charter Academy is a tuition-free public charter school focused on engineering, computer science and design thinking for grades 6–8.',
    intro:
      'Meridian is a tuition-free public charter school authorized by Cedar Valley Public Schools and open to every family in the district by lottery.',
    academics:
      'Students take engineering every year, and the eighth-grade capstone is built with a local industry partner.',
    arts: 'Design is part of every project, from product sketches to 3D-printed prototypes.',
    athletics: 'Meridian offers intramural sports and joins the district league in cross country.',
    life: 'The maker space is open before and after school, staffed by teachers and high school mentors.',
    sections: ['academics', 'student-life', 'about'],
    artsTags: ['Digital Design', 'Animation'],
    athleticsTags: ['Cross Country', 'Intramural Soccer'],
    clubsTags: ['Robotics', 'Girls Who Code', 'Math Counts', 'Maker Club', 'Drone Club'],
    quotes: [
      {
        quote: 'Our capstone team designed a water filter that a real company is testing now.',
        student: 'Sofia G.',
        year: '8th grade',
      },
      {
        quote: 'I used to think coding was for other kids. Now I teach Scratch to fourth graders on Fridays.',
        student: 'Jayden H.',
        year: '7th grade',
      },
    ],
    videoTitle: 'Meridian capstone night',
    tourTitle: 'Tour the Maker Space',
    tourText:
      'Lottery applications open in January. Tours are held on Wednesday evenings so working families can attend.',
  },
  {
    key: 'summit',
    title: 'Summit Leadership Charter School',
    subtitle: 'Leadership, service and college preparation',
    slug: 'summit-leadership',
    color: '#00566b',
    emblem: 'compass',
    mascot: 'Summiteers',
    principal: 'Ms. Danielle Okafor',
    address: '3300 Summit View Drive\nCedar Valley, CO 80231',
    phone: '+1-303-555-0155',
    email: 'summit',
    location: { lat: 39.6663, lng: -104.8867 },
    isCharter: true,
    twitter: '@SummitLeads',
    grades: '6–8',
    enrollment: 468,
    seoDescription:
      'Summit Leadership Charter School builds leaders through service learning, public speaking and a college-preparatory curriculum for grades 6–8.',
    intro:
      'Summit is a public charter school where every student completes forty hours of service learning before eighth-grade promotion.',
    academics:
      'A college-preparatory curriculum with daily writing, Socratic seminars and a required public speaking course.',
    arts: 'Student leaders produce the school’s documentary series each spring.',
    athletics: 'Summit fields teams in basketball, volleyball and track through the district charter league.',
    life: 'Student crews plan the school’s service projects, from food drives to a trail restoration day.',
    sections: ['academics', 'athletics', 'student-life', 'about'],
    artsTags: ['Documentary Film', 'Choir'],
    athleticsTags: ['Basketball', 'Volleyball', 'Track & Field', 'Flag Football'],
    clubsTags: ['Debate', 'Service Crew', 'Student Government', 'Mock Trial'],
    quotes: [
      {
        quote: 'I was scared of public speaking. Last spring I presented our food drive results to the city council.',
        student: 'Grace N.',
        year: '8th grade',
      },
      {
        quote: 'Service crew showed me that thirteen-year-olds can actually change things in our neighborhood.',
        student: 'Andre B.',
        year: 'Class of 2027',
      },
    ],
    videoTitle: 'Summit service day',
    tourTitle: 'Meet Our Student Leaders',
    tourText: 'Tours are led by eighth-grade ambassadors. Bring your questions: they answer all of them honestly.',
  },
  {
    key: 'northfield',
    title: 'Northfield Innovation Center',
    subtitle: 'District enrichment programs for grades 6–8',
    slug: 'northfield-innovation-center',
    color: '#5b3a29',
    emblem: 'bell',
    mascot: 'Innovators',
    principal: 'Mr. Kevin Larsen',
    address: '600 Northfield Court\nCedar Valley, CO 80239',
    phone: '+1-303-555-0126',
    email: 'northfield',
    location: { lat: 39.7816, lng: -104.8301 },
    isCharter: false,
    twitter: null,
    grades: '6–8',
    enrollment: 0,
    seoDescription:
      'Northfield Innovation Center hosts district-wide enrichment: half-day courses in engineering, media and entrepreneurship for students from every middle school.',
    intro:
      'Northfield is not a school of enrollment: students from every Cedar Valley middle school come here for half-day enrichment courses.',
    academics: 'Courses run in six-week sessions and are free; buses leave each middle school at 12:15 p.m.',
    arts: 'The media lab has a recording studio and a green-screen room.',
    athletics: 'Northfield does not offer athletics.',
    life: 'Courses are taught by district teachers together with industry partners.',
    sections: ['academics', 'student-life', 'about'],
    artsTags: ['Podcasting', 'Video Production'],
    athleticsTags: [],
    clubsTags: ['Entrepreneurship', 'Game Design', 'Drone Club'],
    quotes: [
      {
        quote: 'I built my first app at Northfield and my school did not even have a coding class.',
        student: 'Noah S.',
        year: '7th grade',
      },
      {
        quote: 'The recording studio is the coolest room in the whole district.',
        student: 'Zoe A.',
        year: '8th grade',
      },
    ],
    videoTitle: 'Inside the Northfield media lab',
    tourTitle: 'Visit Northfield',
    tourText: 'Open house is held every August before the first enrichment session.',
  },
  {
    key: 'riverside',
    title: 'Riverside Middle School',
    subtitle: 'Learning along the Clear Creek greenway',
    slug: 'riverside',
    color: '#005a8c',
    emblem: 'wave',
    mascot: 'Otters',
    principal: 'Mrs. Helen Park',
    address: '88 Greenway Drive\nCedar Valley, CO 80204',
    phone: '+1-303-555-0134',
    email: 'riverside',
    location: { lat: 39.7541, lng: -105.0305 },
    isCharter: false,
    twitter: '@RiversideOtters',
    grades: '6–8',
    enrollment: 655,
    seoDescription:
      'Riverside Middle School sits on the Clear Creek greenway, with bilingual programs, a strong swim team and project-based science along the river.',
    intro:
      'Riverside backs onto the Clear Creek greenway, and the river shows up in almost every subject, from water-quality science to local history.',
    academics:
      'Our dual-language program continues from the neighborhood elementary schools, with half of core classes taught in Spanish.',
    arts: 'The mariachi ensemble and the concert band share the stage at the spring concert on the greenway.',
    athletics:
      'Riverside is home to the only middle school swim team in the district, training at the community pool next door.',
    life: 'Greenway clean-up days bring students, families and neighbors together twice a year.',
    sections: ['academics', 'arts', 'athletics', 'about'],
    artsTags: ['Mariachi', 'Concert Band', 'Folklórico Dance', 'Watercolor'],
    athleticsTags: ['Swimming', 'Soccer', 'Volleyball', 'Cross Country', 'Basketball'],
    clubsTags: ['Greenway Stewards', 'Spanish Honor Society', 'Yearbook'],
    quotes: [
      {
        quote: 'I can take science in Spanish and English. My grandmother loves that I can explain my homework to her.',
        student: 'Camila F.',
        year: '6th grade',
      },
      {
        quote: 'Swim practice at six in the morning is hard, but the team is my second family.',
        student: 'Liam D.',
        year: '8th grade',
      },
    ],
    videoTitle: 'Riverside swim team season highlights',
    tourTitle: 'Tours at Riverside',
    tourText: 'Riverside is not holding tours this year while the new wing is under construction.',
  },
  {
    key: 'bluebell-hill',
    title: 'Bluebell Hill Middle School',
    subtitle: 'Personalized learning, grades 6–8',
    slug: 'bluebell-hill',
    color: '#6b2d8f',
    emblem: 'flame',
    mascot: 'Bobcats',
    principal: 'Dr. Marcus Freeman',
    address: '1950 Bluebell Hill Road\nCedar Valley, CO 80123',
    phone: '+1-303-555-0182',
    email: 'bluebellhill',
    location: { lat: 39.6128, lng: -105.0164 },
    isCharter: false,
    twitter: '@BluebellBobcats',
    grades: '6–8',
    enrollment: 720,
    seoDescription:
      'Bluebell Hill Middle School offers personalized learning plans, a competitive robotics team and a renovated campus opened in 2024, grades 6–8.',
    intro:
      'Bluebell Hill reopened in 2024 after a full renovation funded by the Cedar Valley bond, with flexible classrooms and a two-story library.',
    academics:
      'Each student builds a personalized learning plan with an advisor and reviews it with family every quarter.',
    arts: 'Our new recital hall seats three hundred and hosts the district honor band each winter.',
    athletics: 'The Bobcats field twelve teams and the new gym hosts the district volleyball tournament.',
    life: 'Houses of about 180 students give everyone a smaller community inside a big school.',
    sections: ['academics', 'arts', 'athletics', 'student-life'],
    artsTags: ['Honor Band', 'Piano Lab', 'Theatre', 'Graphic Design', 'Choir'],
    athleticsTags: ['Volleyball', 'Basketball', 'Wrestling', 'Soccer', 'Track & Field', 'Tennis'],
    clubsTags: ['Robotics', 'Esports', 'National Junior Honor Society', 'Environmental Club'],
    quotes: [
      {
        quote: 'The new library is my favorite place. There is a whole corner just for graphic novels.',
        student: 'Harper J.',
        year: '6th grade',
      },
      {
        quote: 'Our robotics team made it to state in our first year in the new building.',
        student: 'Mateo V.',
        year: '8th grade',
      },
    ],
    videoTitle: 'Bluebell Hill: the renovated campus',
    tourTitle: 'Tour the New Bluebell Hill',
    tourText: 'See the renovated campus for yourself. Evening tours run monthly from September to March.',
  },
  {
    key: 'pioneer-trail',
    title: 'Pioneer Trail Middle School',
    subtitle: 'Career exploration starts here',
    slug: 'pioneer-trail',
    color: '#0b6e4f',
    emblem: 'tree',
    mascot: 'Pioneers',
    principal: 'Mr. Samuel Ortiz',
    address: '5100 Pioneer Trail\nCedar Valley, CO 80134',
    phone: '+1-303-555-0109',
    email: 'pioneertrail',
    location: { lat: 39.5454, lng: -104.9613 },
    isCharter: false,
    twitter: '@PioneerTrailMS',
    grades: '6–8',
    enrollment: 880,
    seoDescription:
      'Pioneer Trail Middle School introduces career pathways early, with hands-on exploratory wheels in health sciences, construction, culinary arts and IT.',
    intro:
      'Pioneer Trail introduces students to career pathways early, so they arrive at high school knowing which focus program fits them.',
    academics:
      'Exploratory wheels rotate every nine weeks through health sciences, construction, culinary arts and information technology.',
    arts: 'The culinary lab doubles as a food-styling studio for our photography class.',
    athletics: 'Pioneer Trail offers ten league sports and a popular intramural pickleball league.',
    life: 'Career Day brings more than sixty local professionals to campus every spring.',
    sections: ['academics', 'athletics', 'student-life', 'about'],
    artsTags: ['Photography', 'Band', 'Choir'],
    athleticsTags: ['Pickleball', 'Football', 'Volleyball', 'Basketball', 'Wrestling', 'Track & Field', 'Softball'],
    clubsTags: ['FCCLA', 'Technology Student Association', 'Future Health Professionals', 'Student Council'],
    quotes: [
      {
        quote: 'The construction wheel was my favorite. We built a real shed for the school garden.',
        student: 'Elijah C.',
        year: '7th grade',
      },
      {
        quote:
          'Career Day helped me figure out I want to be a nurse, and now I know which high school program to pick.',
        student: 'Ava M.',
        year: '8th grade',
      },
    ],
    videoTitle: 'Pioneer Trail exploratory wheel',
    tourTitle: 'Explore Pioneer Trail',
    tourText: 'Tours visit the exploratory labs while classes are in session, so you can see students at work.',
  },
  {
    key: 'westbrook',
    title: 'Westbrook Middle School',
    subtitle: 'Opening August 2026',
    slug: 'westbrook',
    color: '#a0302a',
    emblem: 'sun',
    mascot: 'Wolves',
    principal: 'Ms. Laura Bennett',
    address: '12400 Westbrook Parkway\nCedar Valley, CO 80007',
    phone: '+1-303-555-0161',
    email: 'westbrook',
    location: { lat: 39.8561, lng: -105.1239 },
    isCharter: false,
    twitter: null,
    grades: '6–7 in 2026, 6–8 in 2027',
    enrollment: 0,
    seoDescription:
      'Westbrook Middle School opens in August 2026 to serve the growing northwest of Cedar Valley, starting with sixth and seventh grade.',
    intro: 'Westbrook opens in August 2026 to serve the fast-growing northwest corner of the district.',
    academics: 'Westbrook will open with sixth and seventh grade and add eighth grade in 2027.',
    arts: 'Plans include a band room, a choir room and a maker studio.',
    athletics: 'Athletics will begin in the 2027 season.',
    life: 'Founding students will choose the school colors, the mascot name and the first clubs.',
    sections: ['academics', 'student-life', 'about'],
    artsTags: ['Band', 'Choir'],
    athleticsTags: [],
    clubsTags: ['Founding Student Council', 'Yearbook'],
    quotes: [
      {
        quote: 'I cannot wait to be in the first class at a brand new school.',
        student: 'Chloe E.',
        year: 'Future 6th grader',
      },
      { quote: 'We got to vote on the mascot. Wolves won by a lot.', student: 'Ryan Q.', year: 'Future 7th grader' },
    ],
    videoTitle: 'Westbrook construction update',
    tourTitle: 'Hard-Hat Tours',
    tourText: 'Hard-hat tours of the construction site are offered to enrolled families in spring 2026.',
  },
  {
    key: 'foothills',
    title: 'Foothills Middle School',
    subtitle: 'Honors pathways and a championship music program',
    slug: 'foothills',
    color: '#34495e',
    emblem: 'book',
    mascot: 'Falcons',
    principal: 'Mrs. Catherine Douglas',
    address: '2600 Foothills Parkway\nCedar Valley, CO 80128',
    phone: '+1-303-555-0147',
    email: 'foothills',
    location: { lat: 39.5894, lng: -105.053 },
    isCharter: false,
    twitter: '@FoothillsFalcons',
    grades: '6–8',
    enrollment: 1024,
    seoDescription:
      'Foothills Middle School offers honors pathways in every core subject, algebra and geometry for high school credit, and a championship music program.',
    intro:
      'Foothills is the district’s largest middle school, known for honors pathways in every core subject and a music program that wins state honors nearly every year.',
    academics: 'Students can take Algebra I in seventh grade and Geometry in eighth, both for high school credit.',
    arts: 'The Foothills wind ensemble earned a superior rating at state festival for the ninth straight year.',
    athletics: 'Falcons teams have won the league title in girls’ basketball three of the last five years.',
    life: 'More than forty clubs meet every week, from anime to aerospace.',
    sections: ['academics', 'arts', 'athletics', 'student-life', 'about'],
    artsTags: ['Wind Ensemble', 'Jazz Band', 'Orchestra', 'Show Choir', 'Drawing & Painting', 'Theatre Tech'],
    athleticsTags: ['Basketball', 'Volleyball', 'Soccer', 'Cross Country', 'Wrestling', 'Track & Field', 'Golf'],
    clubsTags: [
      'Aerospace Club',
      'Anime Club',
      'Science Olympiad',
      'Knowledge Bowl',
      'Student Council',
      'Spanish Club',
    ],
    quotes: [
      {
        quote: 'Playing in the wind ensemble at state festival was the best day of seventh grade.',
        student: 'Benjamin Y.',
        year: '8th grade',
      },
      {
        quote: 'Honors math is hard but the teachers make sure nobody gets left behind.',
        student: 'Emma Z.',
        year: '7th grade',
      },
    ],
    videoTitle: 'Foothills wind ensemble at state festival',
    tourTitle: 'Visit Foothills',
    tourText:
      'Small-group tours are offered every Friday morning. Please sign up so we can plan enough student guides.',
  },
];
