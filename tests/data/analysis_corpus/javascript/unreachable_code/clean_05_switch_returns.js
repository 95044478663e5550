// must: none
// must_not: *
function opposite(direction) {
  switch (direction) {
    case 'up':
      return 'down';
    case 'left':
      return 'right';
    default:
      break;
  }
  return direction;
}
