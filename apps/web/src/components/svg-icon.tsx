import type { ReactNode, SVGProps } from 'react';

/*
 * Icons as plain inline SVG, for the pages that load no antd (the login pages, the field app): no icon font, no
 * icon runtime. 1em square in the text colour, decorative (the button or text beside them names the action).
 */

/** An outline of @ant-design/icons-svg (MIT) that an antd screen showed, so a header looks as it did with antd. */
export function outlineIcon(name: string, paths: string[]) {
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** Drawn with 2-unit strokes on a 24-unit grid (the field kit's icons, modules/field/icons.tsx). */
export function strokeIcon(name: string, body: ReactNode, className?: string) {
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}
