from companion.bench import main

raise SystemExit(main())
