// Spec copy that more than one place shows: validation messages (section 5) and toasts (section 8).

export const VALIDATION = {
  trainingJobName: "Please enter a job name",
  apiKeyName: "Please enter a name for the API key",
  dataSource: "Please provide both name and content for the data source",
  customAgent: "Validation Error: Name and system prompt are required.",
  apiTestMessage: "Please enter a test message",
  invalidFileTypeTitle: "Invalid File Type",
  invalidFileTypeDescription: (names: readonly string[]) =>
    `Unsupported files: ${names.join(", ")}. Supported: PDF, Word, Text, CSV, Excel, JSON`,
} as const;

export const UNAUTHORIZED = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  mutation: "Unauthorized: You are logged out. Logging in again...",
} as const;

export const ERROR_TOASTS = {
  title: "Error",
  createTrainingJob: "Failed to create training job",
  createApiKey: "Failed to create API key",
  deleteApiKey: "Failed to delete API key",
  uploadTitle: "Upload Failed",
  uploadFallback: "Failed to upload files",
  uploadServerFallback: "Upload failed",
  addDataSource: "Failed to add data source",
  deleteDocument: "Delete Failed: Failed to delete document",
  createConversation: "Failed to create conversation",
  sendMessage: "Failed to send message",
  createDemoAgent: (message: string) => `Failed to create demo agent: ${message}`,
  createAgent: (message: string) => `Failed to create agent: ${message}`,
  deleteAgent: (message: string) => `Failed to delete agent: ${message}`,
  startTraining: (message: string) => `Failed to start training: ${message}`,
  apiTest: (error?: string) => `Error: ${error || "Unknown error"}`,
  apiTestNetwork: (message: string) => `Network error: ${message}`,
  noActiveConversation: "No active conversation",
} as const;

export const SUCCESS_TOASTS = {
  trainingJobCreated: "Training Job Created",
  apiKeyCreated: "API Key Created",
  apiKeyCreatedDescription: "copy it now",
  apiKeyDeleted: "API Key Deleted",
  filesUploaded: "Files Uploaded Successfully",
  dataSourceAdded: "Data Source Added",
  documentDeleted: "Document Deleted",
  agentCreated: "Agent Created",
  agentDeleted: "Agent Deleted",
  trainingStarted: "Training Started",
  demoAgentCreated: "Demo Agent Created",
  copied: "Copied",
} as const;

export const INFO_TOASTS = {
  featureComingSoon: "Feature Coming Soon",
  testFeature: "Test Feature",
  agentDeactivated: "Agent Deactivated",
  agentRequiresTrainingData: "Agent Requires Training Data",
} as const;

export const NOT_FOUND = {
  title: "404 Page Not Found",
  description: "Did you forget to add the page to the router?",
} as const;
