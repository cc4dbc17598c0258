/** The Learn screens' own labels, in the site's three languages (the lessons carry their own). */
import type { Text } from "./lessons";

const w = (en: string, hans: string, hant: string): Text => ({ en, "zh-Hans": hans, "zh-Hant": hant });

export const WORDS = {
  title: w("Learn and practice", "学习与练习", "學習與練習"),
  intro: w(
    "Short rule sections, each followed by something to do on a board. Your stars are kept in this browser.",
    "每段简短的规则后面都有棋盘上的练习。你的星星保存在这个浏览器里。",
    "每段簡短的規則後面都有棋盤上的練習。你的星星保存在這個瀏覽器裡。",
  ),
  chooserLink: w("Learn the rules", "学习规则", "學習規則"),
  lessons: w("Lessons", "课程", "課程"),
  rules: w("Rules", "规则", "規則"),
  faq: w("Questions and confusions", "常见问题与易混淆之处", "常見問題與易混淆之處"),
  confusions: w("Common confusions", "容易混淆的判断", "容易混淆的判斷"),
  claimWrong: w("Not so:", "并非如此：", "並非如此："),
  back: w("Back to the lessons", "返回课程", "返回課程"),
  starsOf: w("{stars} of {total} stars", "{total} 颗星中得到 {stars} 颗", "{total} 顆星中得到 {stars} 顆"),
  exercise: w("Exercise {n} of {count}", "第 {n} 题，共 {count} 题", "第 {n} 題，共 {count} 題"),
  par: w("Par: {par}", "标准步数：{par}", "標準步數：{par}"),
  hint: w("Hint", "提示", "提示"),
  hintPiece: w("Look at the piece on {square}.", "看看 {square} 的棋子。", "看看 {square} 的棋子。"),
  hintSquare: w("It goes to {square}.", "它走到 {square}。", "它走到 {square}。"),
  retry: w("Retry", "重来", "重來"),
  next: w("Next exercise", "下一题", "下一題"),
  right: w("Right!", "正确！", "正確！"),
  wrong: w("Not quite.", "不太对。", "不太對。"),
  goodMove: w("Good move.", "好棋。", "好棋。"),
  done: w("Done: {stars}", "完成：{stars}", "完成：{stars}"),
  failed: w("The goal was not reached. Try again.", "没有达成目标。再试一次。", "沒有達成目標。再試一次。"),
  found: w("Found {found} of {total}. The position is set up again.", "已找到 {found} 个，共 {total} 个。棋盘已复原。", "已找到 {found} 個，共 {total} 個。棋盤已復原。"),
  already: w("You have played that one already.", "这一种已经走过了。", "這一種已經走過了。"),
  notAsked: w("That move is legal, but it is not what this exercise asks.", "这步合法，但不是本题要求的。", "這步合法，但不是本題要求的。"),
  answerFirst: w("Answer the question: choose below, or play the move of your answer.", "请回答问题：在下面选择，或者走出你的答案的那一步。", "請回答問題：在下面選擇，或者走出你的答案的那一步。"),
  legalMoves: w("Legal moves", "可走的着法", "可走的著法"),
  typeMove: w("Or type a move (e.g. c3-d4)", "或者输入着法（例如 c3-d4）", "或者輸入著法（例如 c3-d4）"),
  play: w("Play", "走棋", "走棋"),
  refused: w("The rules refuse it: {reason}", "规则不允许：{reason}", "規則不允許：{reason}"),
  opponentPlayed: w("Your opponent played {move}.", "对方走了 {move}。", "對方走了 {move}。"),
  seatPlayed: w("{seat} played {move}.", "{seat}走了 {move}。", "{seat}走了 {move}。"),
  passed: w("a pass (no legal move)", "停一步（无合法着法）", "停一步（無合法著法）"),
  opponentThinks: w("Your opponent is thinking…", "对方正在思考……", "對方正在思考……"),
  yourMoves: w("Your moves", "你的着法", "你的著法"),
  allPieces: w("Show the moves of every piece", "显示所有棋子的着法", "顯示所有棋子的著法"),
  youPlay: w("You play {color}.", "你是{color}。", "你是{color}。"),
  none: w("none", "无", "無"),
  rulesOf: w("Rules", "规则", "規則"),
  goalReach: w("Goal: reach {squares}.", "目标：到达 {squares}。", "目標：到達 {squares}。"),
  goalCaptureAll: w("Goal: capture every opposing piece.", "目标：吃光对方的棋子。", "目標：吃光對方的棋子。"),
  goalFindAll: w("Goal: play each of the {count} legal captures once.", "目标：把 {count} 种合法吃法各走一次。", "目標：把 {count} 種合法吃法各走一次。"),
  goalPromote: w("Goal: crown a man within {moves} moves.", "目标：{moves} 步之内升王。", "目標：{moves} 步之內升王。"),
  goalWin: w("Goal: win within {moves} moves.", "目标：{moves} 步之内取胜。", "目標：{moves} 步之內取勝。"),
  goalHold: w("Goal: do not lose for {moves} moves.", "目标：{moves} 步之内不输。", "目標：{moves} 步之內不輸。"),
  goalDraw: w("Goal: reach the automatic draw.", "目标：达到自动和棋。", "目標：達到自動和棋。"),
  goalDestinations: w("Goal: play every place the piece on {from} can reach.", "目标：把 {from} 的棋子能到达的每个点都走一次。", "目標：把 {from} 的棋子能到達的每個點都走一次。"),
  goalQuiz: w("Answer the question.", "回答问题。", "回答問題。"),
} satisfies Record<string, Text>;

export type WordKey = keyof typeof WORDS;

/** The seats' colours, as the rules name them. */
export const COLORS: Record<string, Text> = {
  white: w("White", "白方", "白方"),
  black: w("Black", "黑方", "黑方"),
  red: w("Red", "红方", "紅方"),
  yellow: w("Yellow", "黄方", "黃方"),
  green: w("Green", "绿方", "綠方"),
  blue: w("Blue", "蓝方", "藍方"),
  violet: w("Violet", "紫方", "紫方"),
  orange: w("Orange", "橙方", "橙方"),
};
