// must: shadowed_builtin
// must_not: *
function firstMissing(values) {
  let undefined = -1;
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== i) {
      undefined = i;
      break;
    }
  }
  return undefined;
}
