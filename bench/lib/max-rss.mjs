// Preloaded (node --import) into a benchmark's child when /usr/bin/time is missing: prints the
// process's peak resident set size, worker threads included, as it exits (see export-process.ts).
process.on('exit', () => {
  process.stderr.write(`\nMAX_RSS_KB ${process.resourceUsage().maxRSS}\n`);
});
