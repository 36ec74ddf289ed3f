// Cycles and milestones (issue 29): the pages the router loads, and the project page's section.
export { ProjectPlan } from './components/ProjectPlan.tsx';
