// The `sentiment` package (AFINN-165 lexicon) ships no type declarations; this covers the part used here.
declare module 'sentiment' {
  interface AnalysisResult {
    score: number;
    comparative: number;
    tokens: string[];
    words: string[];
    positive: string[];
    negative: string[];
  }
  class Sentiment {
    analyze(phrase: string): AnalysisResult;
  }
  export default Sentiment;
}
