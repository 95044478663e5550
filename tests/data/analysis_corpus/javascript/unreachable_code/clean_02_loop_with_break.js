// must: none
// must_not: *
function readUntilBlank(lines) {
  const taken = [];
  let index = 0;
  while (true) {
    if (index >= lines.length || lines[index].trim() === '') break;
    taken.push(lines[index]);
    index++;
  }
  return taken;
}
