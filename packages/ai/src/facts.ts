/** What the built-in engine reads: plain facts from the read models, nothing else. */
export interface CandidateFacts {
  id: number;
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  location: string | null;
  linkedinUrl?: string | null;
  currentTitle: string | null;
  currentCompany: string | null;
  skills: string[];
  experience?: string | null;
  experienceLevel?: string | null;
  summary: string | null;
  salaryExpectation: number | null;
  resumeText?: string | null;
  resumeFileName?: string | null;
}

export interface JobFacts {
  id: number;
  title: string;
  department?: string | null;
  description: string | null;
  requirements: string | null;
  location: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  status: string;
  createdAt: string;
  clientName?: string | null;
  industry?: string | null;
}

export interface ApplicationFacts {
  id: number;
  candidateId: number;
  jobId: number;
  stage: string;
  appliedAt: string;
  stageChangedAt: string | null;
  candidateName: string;
  jobTitle: string;
}

export interface InterviewFacts {
  id: number;
  candidateName: string;
  jobTitle: string;
  scheduledAt: string;
  status: string;
  feedback: string | null;
}

/** A placement with the agreed salary (thousands). */
export interface PlacementFacts {
  jobTitle: string;
  location: string | null;
  salary: number;
}
