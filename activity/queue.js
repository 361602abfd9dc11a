// The states a table shows, one after another: a state that arrives while a reveal plays
// waits for it, in order; none is lost, and one whose drawing failed does not stop the rest.
export class ShowQueue {
  constructor(show) {
    this.show = show;
    this.tail = Promise.resolve();
  }

  push(state) {
    this.tail = this.tail.then(() => this.show(state)).catch((problem) => console.error(problem));
    return this.tail;
  }
}
