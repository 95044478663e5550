// must: none
function repeatEach(s) {
  return [...s].map((ch) => ch + ch).join('');
}
