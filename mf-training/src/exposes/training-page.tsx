// Federation entry of ./TrainingPage: loads the remote's styles, then default-exports the page.
import "../styles";
import { TrainingPage } from "../app/training-page";

export default TrainingPage;
