// contactsim-cli: the headless front end. Its contract: one sub-command per job, results on
// stdout (as JSON with --json where a command offers it), and any bad input, a file or a command
// line, one line `error: ...` on stderr with exit code 2 (README, "Meshes"; tests/cli/).
#include <cstdio>
#include <exception>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"contactsim-cli: rigid multibody dynamics with mesh contact, headless"};
  app.require_subcommand(1);
  contactsim::cli::addInfoCommand(app);
  contactsim::cli::addCollideCommand(app);
  contactsim::cli::addContactCommand(app);
  contactsim::cli::addRunCommand(app);
  contactsim::cli::addReplayCommand(app);
  contactsim::cli::addRecordInfoCommand(app);
  contactsim::cli::addStudyCommand(app);
  contactsim::cli::addConvertCommand(app);
#ifdef CONTACTSIM_HAS_RENDER
  contactsim::cli::addRenderCommand(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Bad command lines are bad input: exit 2 as the contract above says, with one line.
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
