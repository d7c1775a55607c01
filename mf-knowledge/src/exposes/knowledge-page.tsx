// Federation entry of ./KnowledgePage: loads the remote's styles, then default-exports the page.
import { KnowledgePage } from "../app/knowledge-page";

export default KnowledgePage;
