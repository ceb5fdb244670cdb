// Names and job titles for demo employees of each site.
export const US_FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Linda', 'Carlos', 'Elena', 'Daniel', 'Sarah', 'Kevin', 'Aisha', 'Brian', 'Megan', 'Luis', 'Grace', 'Tyler', 'Hannah'];
export const US_LAST = ['Johnson', 'Smith', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'Lee', 'Walker', 'Hall', 'Young', 'King'];
export const BF_FIRST = ['Awa', 'Issouf', 'Mariam', 'Boukary', 'Salimata', 'Adama', 'Fatimata', 'Ousmane', 'Aminata', 'Seydou', 'Rasmata', 'Abdoulaye', 'Pauline', 'Hamidou', 'Clarisse', 'Moussa', 'Safiatou', 'Idrissa', 'Alimata', 'Jean-Baptiste'];
export const BF_LAST = ['Ouédraogo', 'Sawadogo', 'Kaboré', 'Compaoré', 'Traoré', 'Zongo', 'Ilboudo', 'Kinda', 'Nikiéma', 'Sanou', 'Zoungrana', 'Tapsoba', 'Yaméogo', 'Ouattara', 'Bationo', 'Kiemtoré'];

export const DEPARTMENTS: Record<string, string[]> = {
  Operations: ['Machine Operator', 'Line Supervisor', 'Quality Inspector', 'Operations Technician'],
  Engineering: ['Software Engineer', 'Maintenance Engineer', 'Process Engineer'],
  Finance: ['Accountant', 'Payroll Officer', 'Financial Analyst'],
  'Human Resources': ['HR Officer', 'Recruiter'],
  Sales: ['Sales Representative', 'Account Manager'],
  Logistics: ['Warehouse Clerk', 'Driver', 'Logistics Coordinator'],
};
